/** What the server takes (miles.dto.ts): a JPEG or PNG of at most 2 MB. */
const PHOTO_TYPES = ['image/jpeg', 'image/png'];
const PHOTO_MAX_BYTES = 2 * 1024 * 1024;

/** A chosen photo as base64 for the API, or null when it is not one the server would take. */
export function readPhoto(file: File): Promise<string | null> {
  if (!PHOTO_TYPES.includes(file.type) || file.size > PHOTO_MAX_BYTES) return Promise.resolve(null);
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => resolve(null);
    reader.readAsDataURL(file);
  });
}
