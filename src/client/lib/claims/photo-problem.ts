import { CLAIM_PHOTO_LIMIT, CLAIM_PHOTO_MAX_BYTES, CLAIM_PHOTO_TYPES } from '../../../shared/claims/claim-model';

/** Why chosen photos cannot go with a report, checked before sending (the server checks their bytes again). */
export type PhotoProblem = 'tooMany' | 'type' | 'size';

export function photoProblem(files: readonly File[]): PhotoProblem | undefined {
  if (files.length > CLAIM_PHOTO_LIMIT) return 'tooMany';
  if (files.some((file) => !(CLAIM_PHOTO_TYPES as readonly string[]).includes(file.type))) return 'type';
  if (files.some((file) => file.size > CLAIM_PHOTO_MAX_BYTES)) return 'size';
  return undefined;
}

function readOne(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve((typeof reader.result === 'string' ? reader.result : '').replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsDataURL(file);
  });
}

/** The photos as base64 for the API (without the data: prefix), or null when one cannot be read. */
export async function readPhotos(files: readonly File[]): Promise<string[] | null> {
  try {
    return await Promise.all(files.map(readOne));
  } catch {
    return null;
  }
}
