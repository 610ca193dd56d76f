/** Chinese strings and formats for the Fluent date picker (STACK pitfall 8: it stays English otherwise). */
import type { CalendarStrings, DatePickerProps } from '@fluentui/react-datepicker-compat';

type DateFormatting = NonNullable<DatePickerProps['dateTimeFormatter']>;
import { tRecruit } from '../../../shared/i18n/zh-CN.recruitment';

const d = tRecruit.datePicker;

export const zhCalendarStrings: CalendarStrings = {
  months: [...d.months],
  shortMonths: [...d.shortMonths],
  days: [...d.days],
  shortDays: [...d.shortDays],
  goToToday: d.goToToday,
  prevMonthAriaLabel: d.prevMonth,
  nextMonthAriaLabel: d.nextMonth,
  prevYearAriaLabel: d.prevYear,
  nextYearAriaLabel: d.nextYear,
  prevYearRangeAriaLabel: d.prevYearRange,
  nextYearRangeAriaLabel: d.nextYearRange,
  monthPickerHeaderAriaLabel: d.monthPicker,
  yearPickerHeaderAriaLabel: d.yearPicker,
  closeButtonAriaLabel: d.close,
  selectedDateFormatString: `${d.selected} {0}`,
  todayDateFormatString: `${d.today} {0}`,
  weekNumberFormatString: d.weekNumber('{0}'),
  dayMarkedAriaLabel: d.dayMarked,
};

export const zhFormatDate = (date?: Date) => (date ? d.format(date.getFullYear(), date.getMonth() + 1, date.getDate()) : '');

export const zhDateFormatting: DateFormatting = {
  formatDay: (date) => String(date.getDate()),
  formatMonth: (date) => d.shortMonths[date.getMonth()]!,
  formatYear: (date) => d.year(date.getFullYear()),
  formatMonthDayYear: (date) => zhFormatDate(date),
  formatMonthYear: (date) => d.monthYear(date.getFullYear(), date.getMonth() + 1),
};
