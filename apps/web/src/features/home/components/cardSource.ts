/** A card's picture is the first of `images`, else `imageUrl` (CardImage resolves it). */
export const cardSource = (card: { images?: string[] | null; imageUrl?: string | null }) =>
  card.images?.[0] || card.imageUrl || undefined;
