/** The browser's own money format (the app is in English): it knows each currency's symbol and minor units (none for JPY). */
export const moneyFormat = (code: string) => {
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency: code });
  } catch {
    return new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }); // a code the browser does not know: the number alone
  }
};
/** An amount in a currency's minor units (cents), as a number of its major ones. */
export const moneyAmount = (cents: number, currency: string) => cents / 10 ** (moneyFormat(currency).resolvedOptions().maximumFractionDigits ?? 2);
/** `$12.50`. */
export const moneyText = (cents: number, currency: string) => moneyFormat(currency).format(moneyAmount(cents, currency));
