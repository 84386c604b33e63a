import 'styled-components';
import type { AppTheme } from './theme';

declare module 'styled-components' {
  export interface DefaultTheme {
    color: AppTheme['color'];
    font: AppTheme['font'];
    space: AppTheme['space'];
    radius: AppTheme['radius'];
    shadow: AppTheme['shadow'];
    z: AppTheme['z'];
    layout: AppTheme['layout'];
  }
}
