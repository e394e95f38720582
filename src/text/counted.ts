/** A count in words, singular for one: "1 memory", "3 memories" (each caller names both forms: English plurals are irregular). */
export function counted(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}
