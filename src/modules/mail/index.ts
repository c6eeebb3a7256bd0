// The public entry of the mail module: what other modules, src/bootstrap, src/app.module.ts and scripts/ may
// import from it. The rest of this folder is the module's own (.dependency-cruiser.cjs, npm run lint).
export { claimsHelpLine } from './claims-help-line';
export { magicLinkMail } from './magic-link-mail';
export { layoutMail } from './mail-layout';
export type { MailAttachment, MailMessage } from './mail-message';
export { mailTexts } from './mail-texts';
export type { MailRenderer } from './mail-renderers';
export { MailModule } from './mail.module';
export { MailService } from './mail.service';
