import { useState } from 'react';
import { CLAIM_PHOTO_LIMIT } from '../../../shared/claims/claim-model';
import { useTranslation } from '../../i18n/use-translation';
import { addClaimPhoto, type ClaimView } from '../../lib/claims/claims-api';
import { photoProblem } from '../../lib/claims/photo-problem';
import { TextField } from '../ui/form-fields';
import { photoFailure } from './photo-failure';

/**
 * Photos added to a claim after its report (issue 27: "after filing, add photos"), while it is
 * open and has room (five in all). Each goes up as itself, one request each, as with the report;
 * what reached the claim stays if a later one fails, and the card shows every photo kept.
 */
export function AddClaimPhotos({ claim, onAdded }: { claim: ClaimView; onAdded: (claim: ClaimView) => void }) {
  const { t } = useTranslation('claims');
  const room = CLAIM_PHOTO_LIMIT - claim.photoIds.length;
  const [files, setFiles] = useState<File[]>([]);
  const [error, setError] = useState<string>();
  const [done, setDone] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [round, setRound] = useState(0);
  if (claim.status === 'closed' || room <= 0) return null;

  const send = async () => {
    setDone(undefined);
    if (files.length === 0) return setError(t('addPhotos.choose'));
    const problem = files.length > room ? 'tooMany' : photoProblem(files);
    if (problem) return setError(problem === 'tooMany' ? t('addPhotos.room', { count: room }) : t(`errors.photos.${problem}`));
    setBusy(true);
    let latest = claim;
    for (const [index, file] of files.entries()) {
      const added = await addClaimPhoto(claim.id, file);
      if (!added.ok) {
        setBusy(false);
        if (latest !== claim) onAdded(latest);
        return setError(t('addPhotos.notSent', { n: index + 1, reason: photoFailure(t, added.failure) }));
      }
      latest = added.value;
    }
    setBusy(false);
    setError(undefined);
    setFiles([]);
    setRound((n) => n + 1);
    setDone(t('addPhotos.sent', { count: files.length }));
    onAdded(latest);
  };

  return (
    <form
      className="form claim-add-photos"
      noValidate
      aria-label={t('addPhotos.formName', { number: claim.number })}
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      <TextField
        key={round}
        label={t('addPhotos.label')}
        hint={t('addPhotos.hint', { count: room })}
        type="file"
        name="photos"
        multiple
        accept="image/jpeg,image/png,image/webp"
        error={error}
        onChange={(event) => (setFiles(Array.from(event.target.files ?? [])), setError(undefined))}
      />
      <div>
        <button type="submit" className="button button--outline" disabled={busy}>
          {t('addPhotos.send')}
        </button>
      </div>
      <p role="status" className="claim-add-photos__done">
        {done}
      </p>
    </form>
  );
}
