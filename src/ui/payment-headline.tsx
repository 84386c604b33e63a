/**
 * The head of a payment's confirmation (issue 32 item 2): the amount, large, and who receives it
 * at which institution, above the lines of the summary, so that on a 360 px phone both are in the
 * first screenful whatever the lines below hold (a Pix by key listed eleven lines before the
 * amount). The lines keep the spec's order; this only repeats the two facts a payer checks first.
 */
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';

const Head = styled.div`
  margin: 0 0 ${({ theme }) => theme.space(4)};
  padding: ${({ theme }) => theme.space(3)};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.primarySoft};
`;

const Amount = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.font.size.xl};
  font-weight: ${({ theme }) => theme.font.weight.bold};
  font-variant-numeric: tabular-nums;
`;

const Line = styled.p`
  margin: ${({ theme }) => theme.space(1)} 0 0;
  overflow-wrap: anywhere;
`;

const Muted = styled(Line)`
  color: ${({ theme }) => theme.color.textMuted};
`;

export interface PaymentHeadlineProps {
  /** The amount as it is paid, already formatted ('R$ 25,50'). */
  amount: string;
  /** Who receives it. */
  recipient: string;
  /** The receiving institution's name, when known. */
  institution?: string;
}

/** The amount and the recipient of a payment, first (see the file's comment). */
export function PaymentHeadline({ amount, recipient, institution }: PaymentHeadlineProps) {
  const { t } = useTranslation();
  return (
    <Head data-testid="payment-headline">
      <Amount>{amount}</Amount>
      <Line>{t('COMMON.PAYMENT_HEADLINE.TO', { recipient })}</Line>
      {institution && <Muted>{institution}</Muted>}
    </Head>
  );
}
