/**
 * A scheduled Pix's status as the grid and the receipt show it (issue 28): Agendado, Pago, or Não
 * realizado with the reason the bank gave (balance, limit, key gone).
 */
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { PixSchedule } from '../../../machines/pix/pix-schedules.machine';

const Failed = styled.span`
  display: block;
  color: ${({ theme }) => theme.color.danger};
  font-weight: ${({ theme }) => theme.font.weight.medium};
`;

export function ScheduleStatus({ schedule }: { schedule: PixSchedule }) {
  const { t } = useTranslation();
  return (
    <>
      <span>{t(`PIX_SCHEDULES.STATUS_${schedule.status}`)}</span>
      {schedule.status === 'FAILED' && schedule.failureReason && (
        <Failed>{t(`PIX_SCHEDULES.FAILURE.${schedule.failureReason}`)}</Failed>
      )}
    </>
  );
}
