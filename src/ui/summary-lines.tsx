/**
 * Label/value lines of a summary or a receipt (the confirmations and receipts of the money
 * movements: transfers, receiving a digital check): a definition list, so screen readers read each
 * pair; the pairs stack below the phone breakpoint.
 */
import { Fragment, type ReactNode } from 'react';
import styled from 'styled-components';
import { media } from './breakpoints';

/** One line of a summary or receipt: label and value. */
export interface SummaryLine {
  label: string;
  value: ReactNode;
}

const Lines = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(4)};
  margin: 0 0 ${({ theme }) => theme.space(4)};
  & dt {
    color: ${({ theme }) => theme.color.textMuted};
  }
  & dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
  ${media.phone} {
    grid-template-columns: 1fr;
    & dd {
      margin-bottom: ${({ theme }) => theme.space(2)};
    }
  }
`;

/** Label/value lines (a definition list). */
export function SummaryLines({ lines }: { lines: readonly SummaryLine[] }) {
  return (
    <Lines>
      {lines.map((l) => (
        <Fragment key={l.label}>
          <dt>{l.label}</dt>
          <dd>{l.value}</dd>
        </Fragment>
      ))}
    </Lines>
  );
}
