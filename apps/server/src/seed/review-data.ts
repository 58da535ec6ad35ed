/**
 * Short review comments for the demo store, by kind of product and by how happy the shopper was.
 * demo.ts picks from these with a seeded generator, so every fresh store has the same reviews.
 */
import type { GarmentKind } from "./garments.ts";

export type ReviewGroup = "saree" | "women" | "men" | "stole";
export type ReviewTier = "loved" | "liked" | "mixed" | "unhappy";

export function reviewGroup(kind: GarmentKind, gender: string): ReviewGroup {
  if (kind === "saree") return "saree";
  if (kind === "dupatta") return "stole";
  if (gender === "Women") return "women";
  return "men";
}

/** Ratings mostly 4-5, some 3, a few 1-2 (weights per rating 5, 4, 3, 2, 1). */
export const RATING_WEIGHTS: ReadonlyArray<readonly [number, number]> = [
  [5, 48],
  [4, 32],
  [3, 12],
  [2, 5],
  [1, 3],
];

export const tierOf = (rating: number): ReviewTier =>
  rating === 5 ? "loved" : rating === 4 ? "liked" : rating === 3 ? "mixed" : "unhappy";

export const COMMENTS: Record<ReviewGroup | "any", Record<ReviewTier, string[]>> = {
  saree: {
    loved: [
      "Wore this for my cousin's wedding and got so many compliments. The zari is rich but not gaudy.",
      "Absolutely beautiful saree! The colour is exactly as shown and the fall is lovely.",
      "The fabric is so soft and it drapes like a dream. My mother loved it too.",
      "Gifted it to my mother-in-law for her 60th and she was thrilled. Packaging was also very nice.",
      "Such a graceful saree. The border work is very neat and the blouse piece is good quality.",
      "Exactly what I was looking for for Diwali. Pleats stayed in place the whole evening.",
      "Very elegant, and light enough to wear the whole day without feeling tired.",
    ],
    liked: [
      "Lovely saree, the colour is a shade darker than the photo but still very pretty.",
      "Good quality for the price. The blouse piece could have been a little longer.",
      "Nice drape and a beautiful border. Delivery took a day longer than promised.",
      "Pretty saree, a little lighter in weight than I expected but it looks rich when worn.",
      "The pallu is gorgeous. Needed a fall and pico before wearing, so plan for that.",
    ],
    mixed: [
      "The saree is nice but the colour is quite different from the pictures in daylight.",
      "Decent quality, but the zari feels a bit rough on the skin.",
      "Okay for the price. I expected a slightly thicker fabric.",
    ],
    unhappy: [
      "There was a pulled thread near the pallu. Support arranged a replacement, but it took time.",
      "Colour was much duller than shown. I returned it.",
    ],
  },
  women: {
    loved: [
      "Fits perfectly and the fabric is so comfortable. Ordering another colour!",
      "The embroidery is so fine, it looks far more expensive than it is.",
      "Wore it for my sangeet and felt like a princess. The flare is lovely.",
      "Beautiful stitching and finishing. Even the inside seams are neat.",
      "Perfect for office and it stays crisp all day. The colour is gorgeous.",
      "Ordered my usual size and it fit like it was made for me.",
      "The cotton is so breathable, perfect for Chennai summers.",
      "Got so many compliments at the mehendi. Totally worth it.",
    ],
    liked: [
      "Pretty and comfortable. Slightly long for me, I'm 5'2\", so I got it shortened.",
      "Good fabric and a lovely print. The colour faded a little after the first wash.",
      "Nice fit, though the sleeves are a bit snug. Otherwise very happy.",
      "Looks exactly like the photo. Would be perfect with pockets!",
      "Lovely outfit. The dupatta is a little thin but the set looks elegant.",
      "Good quality, delivered well before Navratri. Size chart was accurate.",
    ],
    mixed: [
      "Fabric is nice but the fit around the shoulders is a little loose.",
      "Colour is lovely but the embroidery is less than in the picture.",
      "Average. It is comfortable but wrinkles very easily.",
      "The top is beautiful, the bottoms not so much. Size ran a bit big.",
    ],
    unhappy: [
      "The size was completely off even after checking the chart. Had to exchange it.",
      "A few sequins came off on the first wear. Disappointed.",
      "The print looked blurry up close. Not what I expected.",
    ],
  },
  men: {
    loved: [
      "Wore it for Diwali and my whole family asked where I got it from.",
      "Excellent fit and the fabric feels premium. Buttons are sturdy too.",
      "Perfect for the wedding season. Tailoring is sharp and the colour is rich.",
      "Very comfortable, I wore it from the pheras to the reception.",
      "Great quality for the price. Fits true to size.",
      "The cotton is soft and breathable, ideal for Mumbai weather.",
      "Looks smart with jeans as well as a churidar. Very versatile.",
    ],
    liked: [
      "Good fit and nice fabric. The sleeves are slightly long for me.",
      "Nice colour and finish. Needed ironing straight out of the box.",
      "Good buy. Slightly tight around the chest, consider one size up.",
      "The embroidery is neat. Delivery was quick to Pune.",
      "Looks good and feels good. The collar could be a little stiffer.",
    ],
    mixed: [
      "Decent, but the colour is lighter than in the photos.",
      "Fabric is fine, but the length is shorter than I expected.",
      "Okay quality. The stitching on one side seam was a little uneven.",
    ],
    unhappy: [
      "The fit was very boxy and it shrank after one wash.",
      "A button was missing when it arrived. Exchange was easy, but still.",
    ],
  },
  stole: {
    loved: [
      "Such a beautiful piece. It instantly lifts a plain kurta.",
      "Soft, light and the colours are so vibrant. Buying one for my sister too.",
      "The tassels and the border are lovely. Great value.",
      "Perfect size and drape. Gets compliments every time I wear it.",
    ],
    liked: [
      "Pretty and well made. A little smaller than I imagined.",
      "Lovely colours. It bled a little in the first wash, so wash it separately.",
      "Good quality for the price and quick delivery.",
    ],
    mixed: [
      "Nice print but the fabric is thinner than expected.",
      "Okay. The colour is not as bright as in the photo.",
    ],
    unhappy: ["The edges started fraying after two washes."],
  },
  any: {
    loved: ["Loved it! Exactly as described and delivered quickly."],
    liked: ["Good product, happy with the purchase."],
    mixed: ["It's okay for the price."],
    unhappy: ["Not as expected."],
  },
};
