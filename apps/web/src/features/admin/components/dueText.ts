/** "Due in 5 h 20 min" or "Overdue by 2 h 5 min", from the deadline and now. */
export function dueText(shipBy: string, now: number): string {
  const minutes = Math.round((new Date(shipBy).getTime() - now) / 60_000);
  const abs = Math.abs(minutes);
  const span = abs >= 60 ? `${Math.floor(abs / 60)} h ${abs % 60} min` : `${abs} min`;
  return minutes < 0 ? `Overdue by ${span}` : `Due in ${span}`;
}
