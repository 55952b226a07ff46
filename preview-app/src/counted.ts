/** A count with its noun, one or more: "1 page load", "3 page loads" (the owner app is in English). */
export const noun = (count: number, one: string, many = `${one}s`): string => (count === 1 ? one : many);

export const counted = (count: number, one: string, many?: string): string => `${count} ${noun(count, one, many)}`;
