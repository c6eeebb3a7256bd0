import { ProsePage } from '../../components/content/prose-page';

export default function AboutUsPage() {
  return <ProsePage namespace="about-us" />;
}
