import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Button } from '../ui/button';
import { Card } from '../ui/card';

/** A lazily loaded chunk that failed to download (new deploy, network): only a reload helps. */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /dynamically imported module|Importing a module script failed|Failed to fetch|error loading dynamically/i.test(
    message,
  );
}

const Box = styled(Card)`
  max-width: 560px;
  margin: ${({ theme }) => theme.space(10)} auto;
  text-align: center;
  & > h1 {
    font-size: ${({ theme }) => theme.font.size.xl};
    margin-top: 0;
  }
`;

function Fallback({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  const retry = () => {
    if (isChunkLoadError(error)) window.location.reload();
    else onRetry();
  };
  return (
    <Box role="alert">
      <h1 tabIndex={-1}>{t('SHELL.ERROR_BOUNDARY.TITLE')}</h1>
      <p>{t('SHELL.ERROR_BOUNDARY.TEXT')}</p>
      <Button onClick={retry}>{t('SHELL.ERROR_BOUNDARY.RETRY')}</Button>
    </Box>
  );
}

interface Props {
  children: ReactNode;
}

interface State {
  error: unknown;
  failed: boolean;
}

/** Catches a render error of the screen below and offers a retry instead of a blank page. */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: undefined, failed: false };

  static getDerivedStateFromError(error: unknown): State {
    return { error, failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    // Logged for support; the user sees the friendly fallback.
    console.error('Screen failed to render', error, info.componentStack);
  }

  private readonly retry = () => this.setState({ error: undefined, failed: false });

  override render(): ReactNode {
    if (this.state.failed) return <Fallback error={this.state.error} onRetry={this.retry} />;
    return this.props.children;
  }
}
