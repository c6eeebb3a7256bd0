import { CookieSettings } from '../../components/consent/cookie-settings';
import { ProsePage } from '../../components/content/prose-page';

export default function CookiesPolicyPage() {
  return (
    <ProsePage
      namespace="cookies-policy"
      after={
        <div id="cookie-settings">
          <CookieSettings />
        </div>
      }
    />
  );
}
