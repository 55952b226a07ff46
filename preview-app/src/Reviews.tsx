import { DataSection } from './DataSection';
import { ownerGet } from './owner-api';
import { useOwnerData } from './use-owner-data';
import { counted } from './counted';
import { OWNER_PATHS } from '../../contract/api/owner-paths';
import type { ReviewsAnswer } from '../../contract/api/owner-answers';

/** `★★★★☆`: drawn, not read (the words say the rating). */
const stars = (rating: number) => '★'.repeat(rating) + '☆'.repeat(5 - rating);

/**
 * What buyers wrote of the products they bought (each order's review request link): the newest
 * first, with the rating and the product. Buyer text is text: React escapes it.
 */
export function Reviews({ load = ownerGet }: { load?: (path: string) => Promise<ReviewsAnswer> }) {
  const [state, reload] = useOwnerData<ReviewsAnswer>(OWNER_PATHS.reviews, load);
  return (
    <DataSection id="reviews" title="Product reviews" state={state} reload={reload}>
      {({ reviews }) =>
        reviews.length === 0 ? (
          <p>No reviews yet. Each order's confirmation links to a review page for every product in it.</p>
        ) : (
          <>
            <p>
              {counted(reviews.length, 'review')}, {(reviews.reduce((sum, review) => sum + review.rating, 0) / reviews.length).toFixed(1)} of 5 stars on average.
            </p>
            <ul className="config-list">
              {reviews.map((review) => (
                <li key={review.id}>
                  <strong>{review.productTitle}</strong>{' '}
                  <span aria-hidden="true">{stars(review.rating)}</span>
                  <span className="sr-only">{review.rating} of 5 stars</span>{' '}
                  <time dateTime={review.createdAt}>{new Date(review.createdAt).toLocaleDateString()}</time>
                  {review.body && <p>{review.body}</p>}
                </li>
              ))}
            </ul>
          </>
        )
      }
    </DataSection>
  );
}
