import { Inject, Injectable } from '@nestjs/common';
import { appConfig, type AppConfig } from '../../config/app-config';
import { receiptFileName, receiptPdf, type ReceiptInput } from './receipt-pdf';

/** Receipts as PDFs, with the legal names from config. */
@Injectable()
export class ReceiptDocuments {
  constructor(@Inject(appConfig.KEY) private readonly config: AppConfig) {}

  async render(input: Omit<ReceiptInput, 'legal'>): Promise<{ pdf: Buffer; fileName: string }> {
    const pdf = await receiptPdf({ ...input, legal: this.config.legal });
    return { pdf, fileName: receiptFileName(input.entry, input.locale) };
  }
}
