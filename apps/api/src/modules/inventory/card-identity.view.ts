/** What says which card it is: the player, the set and its number, the sport and the team. */
export interface CardIdentity {
  player: string;
  year: number;
  setName: string;
  cardNumber: string;
  sport: string;
  team: string | null;
}

/** A card's identity and grade, copied for a view or a new row (every view of a card has them). */
export const cardIdentity = <Grader>(
  card: CardIdentity & { grader: Grader; grade: string | null },
) => ({
  player: card.player,
  year: card.year,
  setName: card.setName,
  cardNumber: card.cardNumber,
  sport: card.sport,
  team: card.team,
  grader: card.grader,
  grade: card.grade,
});
