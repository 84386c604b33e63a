import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';

/** The id of the <main> every layout renders; the skip link and route focus use it. */
export const MAIN_ID = 'conteudo';

const A = styled.a`
  position: absolute;
  left: ${({ theme }) => theme.space(2)};
  top: -100px;
  z-index: ${({ theme }) => theme.z.toast};
  padding: ${({ theme }) => `${theme.space(2)} ${theme.space(4)}`};
  background: ${({ theme }) => theme.color.surface};
  color: ${({ theme }) => theme.color.primary};
  border-radius: ${({ theme }) => theme.radius.md};
  box-shadow: ${({ theme }) => theme.shadow.popup};
  &:focus {
    top: ${({ theme }) => theme.space(2)};
  }
`;

/** 'Pular para o conteúdo': the first tab stop, moving focus to <main> without touching the URL. */
export function SkipLink() {
  const { t } = useTranslation();
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    const main = document.getElementById(MAIN_ID);
    if (!main) return;
    event.preventDefault();
    main.focus();
  };
  return (
    <A href={`#${MAIN_ID}`} onClick={onClick}>
      {t('SHELL.SKIP_TO_CONTENT')}
    </A>
  );
}
