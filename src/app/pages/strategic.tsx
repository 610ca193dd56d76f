import { Partners } from '../features/account';

/** /strategic: strategic partners. */
export default function StrategicPage() {
  return <Partners />;
}
