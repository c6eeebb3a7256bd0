import { PHOTO_MAX_BYTES, PHOTO_TYPES } from '../../../../shared/miles/miles-model';

/** A chosen photo as base64 for the API, or null when it is not one the server would take. */
export function readPhoto(file: File): Promise<string | null> {
  if (!(PHOTO_TYPES as readonly string[]).includes(file.type) || file.size > PHOTO_MAX_BYTES) return Promise.resolve(null);
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve((typeof reader.result === 'string' ? reader.result : '').replace(/^data:[^,]*,/, ''));
    reader.onerror = () => resolve(null);
    reader.readAsDataURL(file);
  });
}
