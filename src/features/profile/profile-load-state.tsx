import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { ProfileData } from './use-profile-data';
import { Button } from '../../ui/button';
import { LoadingOverlay } from '../../ui/loading-overlay';
import { ErrorAlert } from '../../ui/error-alert';
import { describeError } from './profile-ui';

const Area = styled.div`
  position: relative;
  min-height: 160px;
`;

/**
 * While the client record is not known: loading (bounded by the API's time-out), or the failure
 * with a retry. Never an endless spinner (DESIGN.md, Budgets).
 */
export function ProfileLoadState({ query }: { query: ProfileData['query'] }) {
  const { t } = useTranslation();
  if (query.isError) {
    return (
      <ErrorAlert
        action={
          <Button variant="secondary" onClick={() => void query.refetch()}>
            {t('COMMON.BUTTONS.RETRY')}
          </Button>
        }
      >
        <p>{t('PROFILE.LOAD_ERROR')}</p>
        <p>{describeError(query.error, t)}</p>
      </ErrorAlert>
    );
  }
  return (
    <Area>
      <LoadingOverlay inline open label={t('PROFILE.LOADING')} />
    </Area>
  );
}
