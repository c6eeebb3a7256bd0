import { HttpException, Injectable } from '@nestjs/common';
import { zipSync, type Zippable } from 'fflate';
import { ClaimsService } from '../claims';
import { MilesService } from '../miles';
import type { DataExportDocument } from './data-export.collector';

/** A photo as the export's JSON names it (`photoLinks`). */
type PhotoLink = DataExportDocument['photoLinks'][number];

const EXTENSIONS: Readonly<Record<string, string>> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' };

/**
 * The whole copy in one file (issue 27, "download my data": photos are data the customer may
 * take with them, so a link that opens only while signed in is not enough once the account is
 * gone): the JSON, the PDF and every photo the JSON lists, as `photos/<kind>-<id>.<type>`.
 *
 * Photos are read when the file is asked for, through the owning modules' own checks for the
 * asker, so a photo deleted since (an erased claim) is left out rather than kept here a second
 * time. Entries are stored, not compressed: the photos are compressed already, and the
 * customer's file count is small.
 */
@Injectable()
export class DataExportArchive {
  constructor(
    private readonly claims: ClaimsService,
    private readonly miles: MilesService,
  ) {}

  async zip(userId: string, json: Buffer, pdf: Buffer): Promise<Buffer> {
    const document = JSON.parse(json.toString('utf8')) as Pick<DataExportDocument, 'photoLinks'>;
    const entries: Zippable = { 'data.json': new Uint8Array(json), 'data.pdf': new Uint8Array(pdf) };
    // One at a time: a customer's photos are few, and each read is a photo in memory.
    for (const link of document.photoLinks ?? []) {
      const photo = await this.photo(userId, link);
      if (photo) entries[`photos/${link.kind}-${link.id}.${EXTENSIONS[photo.type] ?? 'bin'}`] = new Uint8Array(photo.bytes);
    }
    return Buffer.from(zipSync(entries, { level: 0 }));
  }

  /** The photo's bytes and type, undefined when it is no longer there (or no longer the asker's). */
  private async photo(userId: string, link: PhotoLink): Promise<{ bytes: Buffer; type: string } | undefined> {
    try {
      if (link.kind === 'claim') {
        const photo = await this.claims.photo(userId, link.claimId, link.id);
        return { bytes: photo.bytes, type: photo.contentType };
      }
      const photo =
        link.kind === 'odometer-reading'
          ? await this.miles.readingPhotoForOwner(userId, link.policyId, link.id)
          : await this.miles.disputePhotoForOwner(userId, link.policyId, link.id);
      return { bytes: photo.photo, type: photo.photoType };
    } catch (error) {
      if (error instanceof HttpException && error.getStatus() === 404) return undefined;
      throw error;
    }
  }
}
