import { PICKER_FORMAT, parseTanggalInput } from '@erapor/contract/format';
import { DateInput, type DateInputProps, TimePicker, type TimePickerProps } from '@mantine/dates';
import dayjs from 'dayjs';
import 'dayjs/locale/de';
import 'dayjs/locale/fr';
import 'dayjs/locale/id';
import 'dayjs/locale/pt';
import { useTranslation } from '../lib/i18n';

/*
 * The app's date and time fields (issue #27 item 1). A native <input type="date|time"> shows
 * the browser's own format (mm/dd/yyyy, "02:00 AM" to an Indonesian user), which a page cannot
 * set; these Mantine pickers show dd-mm-yyyy and a 24-hour clock in every language. Values stay
 * ISO ("2026-08-03", "14:05") as the API takes them. Imported by screens only: @mantine/dates
 * and dayjs are never in the /login chunk (decision 003).
 */

type TanggalProps = Omit<DateInputProps, 'value' | 'onChange' | 'valueFormat' | 'dateParser' | 'locale'> & {
  /** ISO date, '' when empty. */
  value: string;
  onChange: (iso: string) => void;
};

/** A date field: shows dd-mm-yyyy, takes typed dd-mm-yyyy (or ISO), answers an ISO date or ''. */
export function TanggalInput({ value, onChange, ...rest }: TanggalProps) {
  const { i18n } = useTranslation();
  return (
    <DateInput
      {...rest}
      locale={i18n.language}
      valueFormat={PICKER_FORMAT.tanggal}
      placeholder={rest.placeholder ?? 'dd-mm-yyyy'}
      dateParser={parseTanggalInput}
      value={value || null}
      onChange={(v) => onChange(v ? dayjs(v).format('YYYY-MM-DD') : '')}
    />
  );
}

type JamProps = Omit<TimePickerProps, 'value' | 'onChange' | 'format' | 'withSeconds'> & {
  /** "HH:mm", '' when empty. */
  value: string;
  onChange: (jam: string) => void;
};

/** A time field on the 24-hour clock: hours and minutes, answered as "HH:mm". */
export function JamInput({ value, onChange, ...rest }: JamProps) {
  return (
    <TimePicker {...rest} format="24h" value={value} onChange={(v) => onChange(v ? v.slice(0, 5) : '')} />
  );
}
