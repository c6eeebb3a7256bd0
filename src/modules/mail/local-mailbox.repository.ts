import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import type { MailMessage } from './mail-message';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';

export interface StoredMail extends MailMessage {
  id: string;
  sentAt: Date;
}

const COLUMNS = `id, to_address AS "to", subject, text_body AS "text", html_body AS "html", attachments, sent_at AS "sentAt"`;

@Injectable()
export class LocalMailboxRepository {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  async store(message: MailMessage): Promise<string> {
    const [row] = await this.txHost.tx.query<{ id: string }[]>(
      `INSERT INTO local_mailbox (to_address, subject, text_body, html_body, attachments) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
      [message.to, message.subject, message.text, message.html, JSON.stringify(message.attachments ?? [])],
    );
    return row.id;
  }

  latest(limit = 50): Promise<StoredMail[]> {
    return this.txHost.tx.query<StoredMail[]>(`SELECT ${COLUMNS} FROM local_mailbox ORDER BY sent_at DESC LIMIT $1`, [limit]);
  }

  async findById(id: string): Promise<StoredMail | undefined> {
    const [row] = await this.txHost.tx.query<StoredMail[]>(`SELECT ${COLUMNS} FROM local_mailbox WHERE id = $1`, [id]);
    return row;
  }
}
