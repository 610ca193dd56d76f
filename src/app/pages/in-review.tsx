import { ReviewProgress } from '../features/company';

/** /inReview: review progress and the platform's answer. */
export default function InReviewPage() {
  return <ReviewProgress />;
}
