import { ProsePage } from '../../components/content/prose-page';

export default function ContactPage() {
  return <ProsePage namespace="contact" />;
}
