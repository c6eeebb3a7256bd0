import { ProsePage } from '../../components/content/prose-page';

export default function PrivacyPolicyPage() {
  return <ProsePage namespace="privacy-policy" />;
}
