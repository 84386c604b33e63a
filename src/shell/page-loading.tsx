import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Button } from '../ui/button';
import { Spinner } from '../ui/spinner';

/** After this long the wait for a page says so and offers a reload (no endless spinner). */
export const PAGE_LOADING_BOUND_MS = 15_000;

const Box = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(10)};
  color: ${({ theme }) => theme.color.primary};
  & > p {
    margin: 0;
    color: ${({ theme }) => theme.color.text};
  }
`;

/** The fallback while a page's code downloads; bounded by {@link PAGE_LOADING_BOUND_MS}. */
export function PageLoading() {
  const { t } = useTranslation();
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setSlow(true), PAGE_LOADING_BOUND_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <Box role="status">
      <Spinner $size={32} />
      <p>{t('SHELL.LOADING_PAGE')}</p>
      {slow && <p>{t('SHELL.UI.STILL_WORKING')}</p>}
      {slow && (
        <Button variant="secondary" onClick={() => window.location.reload()}>
          {t('SHELL.ERROR_BOUNDARY.RETRY')}
        </Button>
      )}
    </Box>
  );
}
