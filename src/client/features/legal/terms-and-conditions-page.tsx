import { ProsePage } from '../../components/content/prose-page';

export default function TermsAndConditionsPage() {
  return <ProsePage namespace="terms-and-conditions" />;
}
