import { Logo } from './logo';
import { ReviewBadge } from './review-badge';
import { StaffBanner } from './staff-banner';

/** Spec §2: the minimal header (logo, review badge, and the staff banner's place). */
export function MinimalHeader() {
  return (
    <header className="site-header site-header--minimal">
      <div className="site-header__bar">
        <Logo />
        <ReviewBadge />
      </div>
      <StaffBanner />
    </header>
  );
}
