export interface MailAttachment {
  filename: string;
  contentType: string;
  /** The file, base64 (mail travels sealed through the queue as JSON). */
  contentBase64: string;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: MailAttachment[];
}
