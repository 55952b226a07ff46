/**
 * Commerce display units (spec part 2 §3, §9), pure: weights in lbs or kg and dimensions in
 * inches or centimetres by the store's measurement standard; dates as a long date plus time.
 */
export const MeasurementStandard = { IMPERIAL: 1, METRIC: 2 } as const;
export type MeasurementStandardValue = (typeof MeasurementStandard)[keyof typeof MeasurementStandard];

export const weightUnit = (standard: MeasurementStandardValue): 'lbs' | 'kg' => (standard === MeasurementStandard.METRIC ? 'kg' : 'lbs');
export const dimensionUnit = (standard: MeasurementStandardValue): 'in' | 'cm' => (standard === MeasurementStandard.METRIC ? 'cm' : 'in');

const decimal = (value: number) => String(Math.round(value * 100) / 100);

/** `2.5`, imperial → `2.5 lbs`. */
export const formatWeight = (value: number, standard: MeasurementStandardValue): string => `${decimal(value)} ${weightUnit(standard)}`;

/** `{length: 10, width: 5, height: 2}`, metric → `10 × 5 × 2 cm`. */
export function formatDimensions(size: { length: number; width: number; height: number }, standard: MeasurementStandardValue): string {
  return `${[size.length, size.width, size.height].map(decimal).join(' × ')} ${dimensionUnit(standard)}`;
}

/** A commerce date: the long date plus the time, `November 22, 2026 at 7:04 AM` in en-US. */
export function formatCommerceDate(date: Date | number, locale = 'en-US', timeZone?: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short', timeZone }).format(date);
}

/** The same with its zone's short name, for a reader who may be elsewhere: `… at 7:04 AM GMT`. */
export function formatCommerceDateInZone(date: Date | number, locale: string, timeZone: string): string {
  const zone = new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: 'short' }).formatToParts(date).find((part) => part.type === 'timeZoneName')?.value;
  return `${formatCommerceDate(date, locale, timeZone)}${zone ? ` ${zone}` : ''}`;
}
