import Chip from '@mui/joy/Chip';
import Link from '@mui/joy/Link';
import { Link as RouterLink } from 'react-router-dom';
import type { OrderSummary, Payment } from '../../api/finance';
import { useLocale, type MessageKey } from '../../i18n';
import { formatDate, formatDateTime, formatMoney, formatNumber, NOT_GIVEN } from '../../lib/format';
import { summaryTotals, type PaymentStatus } from '../../machines/summary';
import { ListTable, type ListColumn } from '../shared/list-table';

/** Spec section 4: the filter offers these, in this order. */
export const FILTER_STATUSES: readonly PaymentStatus[] = ['pending', 'canceled', 'completed', 'rejected'];

export const paymentStatusLabel: Record<PaymentStatus, MessageKey> = {
  pending: 'summary.status.pending',
  completed: 'summary.status.completed',
  rejected: 'summary.status.rejected',
  canceled: 'summary.status.canceled',
};

const statusColor: Record<PaymentStatus, 'warning' | 'success' | 'danger' | 'neutral'> = {
  pending: 'warning',
  completed: 'success',
  rejected: 'danger',
  canceled: 'neutral',
};

const methodLabel: Record<NonNullable<Payment['method']>, MessageKey> = {
  card: 'summary.method.card',
  wallet: 'summary.method.wallet',
  cash: 'summary.method.cash',
};

/** The page of payments: order (opens the order), date, method, amount and status. */
export function PaymentsTable({ payments }: { payments: readonly Payment[] }) {
  const { t, language } = useLocale();
  const columns: ListColumn[] = [
    { label: t('summary.col.order'), place: 'title' },
    { label: t('summary.col.date'), place: 'fact' },
    { label: t('summary.col.method'), place: 'fact' },
    { label: t('summary.col.amount'), place: 'fact', numeric: true },
    { label: t('summary.col.status'), place: 'status' },
  ];
  return (
    <ListTable label={t('summary.payments')} columns={columns} minWidth={560}>
      {payments.map((payment, index) => (
        // The spec names only a payment's audit dates: whatever else it leaves out reads "—".
        <tr key={payment.id ?? `at-${index}`} data-testid="payment-row" data-payment-id={payment.id}>
          <td>
            {payment.order_id === undefined ? (
              NOT_GIVEN
            ) : (
              <Link component={RouterLink} to={`/operations/order/${payment.order_id}`} data-testid="payment-order">
                {t('summary.orderNumber', { id: payment.order_id })}
              </Link>
            )}
          </td>
          <td>{formatDateTime(payment.audit_creation_date)}</td>
          <td>{payment.method === undefined ? NOT_GIVEN : t(methodLabel[payment.method])}</td>
          <td data-testid="payment-amount">{payment.amount === undefined ? NOT_GIVEN : formatMoney(payment.amount, language)}</td>
          <td>
            {payment.status === undefined ? (
              NOT_GIVEN
            ) : (
              <Chip size="sm" variant="soft" color={statusColor[payment.status]} data-testid="payment-status" data-status={payment.status}>
                {t(paymentStatusLabel[payment.status])}
              </Chip>
            )}
          </td>
        </tr>
      ))}
    </ListTable>
  );
}

/** One row a day (day, orders, items, gross, fees, net) and the totals of the range. */
export function DailyTable({ summaries }: { summaries: readonly OrderSummary[] }) {
  const { t, language } = useLocale();
  const totals = summaryTotals(summaries);
  const money = (value: number | undefined) => (value === undefined ? NOT_GIVEN : formatMoney(value, language));
  const count = (value: number | undefined) => (value === undefined ? NOT_GIVEN : formatNumber(value, language));
  const columns: ListColumn[] = [
    { label: t('summary.col.day'), place: 'title', rowHeader: true },
    ...(['orders', 'items', 'gross', 'fees', 'net'] as const).map((name): ListColumn => ({ label: t(`summary.col.${name}`), place: 'fact', numeric: true })),
  ];
  return (
    <ListTable
      label={t('summary.tabDaily')}
      columns={columns}
      minWidth={600}
      footer={
        <tr data-testid="summary-totals">
          <th scope="row">{t('summary.totals')}</th>
          <td>{formatNumber(totals.orders, language)}</td>
          <td>{formatNumber(totals.items, language)}</td>
          <td>{money(totals.gross)}</td>
          <td>{money(totals.fees)}</td>
          <td>{money(totals.net)}</td>
        </tr>
      }
    >
      {summaries.map((summary, index) => (
        // The spec names only a summary's audit dates: a figure or a day it leaves out reads "—".
        <tr key={summary.day ?? `at-${index}`} data-testid="summary-row">
          <th scope="row">{summary.day === undefined ? NOT_GIVEN : formatDate(summary.day)}</th>
          <td>{count(summary.orders)}</td>
          <td>{count(summary.items)}</td>
          <td>{money(summary.gross)}</td>
          <td>{money(summary.fees)}</td>
          <td>{money(summary.net)}</td>
        </tr>
      ))}
    </ListTable>
  );
}
