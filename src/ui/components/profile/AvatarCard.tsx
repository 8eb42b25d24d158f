// The avatar with its change button: choose, preview, then Upload or Cancel (docs/product.md#screens, #input-rules).
import { useSelector } from '@xstate/react';
import { useRef } from 'react';
import type { ActorRefFrom } from 'xstate';
import { DEFAULT_PROFILE_IMAGE } from '../../../domain/constants';
import { PROFILE_IMAGE_TYPES } from '../../../domain/validation';
import type { profileMachine } from '../../../machines/profile/machine';
import { Alert } from '../Alert';
import { fill } from '../../../domain/i18n';
import { PROFILE_TEXTS } from '../../../domain/i18n/en/profile';
import { useTexts, useTranslate } from '../../layout/i18n';
import {
  selectImage,
  selectImageError,
  selectPreview,
  selectReadingImage,
  selectUploading,
} from '../../../machines/profile/selectors';

export function AvatarCard({
  profile,
  name,
}: {
  profile: ActorRefFrom<typeof profileMachine>;
  name: string;
}) {
  const image = useSelector(profile, selectImage);
  const preview = useSelector(profile, selectPreview);
  const imageError = useSelector(profile, selectImageError);
  const uploading = useSelector(profile, selectUploading);
  const reading = useSelector(profile, selectReadingImage);
  const input = useRef<HTMLInputElement>(null);
  const t = useTexts('profile', PROFILE_TEXTS);
  const tr = useTranslate();

  return (
    <div className="profile-avatar">
      <img
        src={preview ?? image ?? DEFAULT_PROFILE_IMAGE}
        alt={preview ? t.previewAlt : fill(t.pictureAlt, { name })}
        width={128}
        height={128}
      />
      <input
        ref={input}
        type="file"
        accept={PROFILE_IMAGE_TYPES.join(',')}
        aria-label={t.choosePicture}
        className="app-visually-hidden"
        tabIndex={-1}
        onChange={(e) => {
          const file = e.currentTarget.files?.[0];
          e.currentTarget.value = '';
          if (file) profile.send({ type: 'image.chosen', file });
        }}
      />
      {preview ? (
        <div className="profile-avatar-buttons">
          <button
            type="button"
            disabled={uploading}
            aria-busy={uploading || undefined}
            onClick={() => profile.send({ type: 'image.upload' })}
          >
            {t.upload}
          </button>
          <button
            type="button"
            className="secondary"
            disabled={uploading}
            onClick={() => profile.send({ type: 'image.cancel' })}
          >
            {t.cancel}
          </button>
        </div>
      ) : (
        <button
          type="button"
          className="secondary outline"
          disabled={reading}
          onClick={() => input.current?.click()}
        >
          {t.changePicture}
        </button>
      )}
      <small className="app-muted">{t.pictureRule}</small>
      {imageError && (
        <Alert type="error" reveal>
          {tr(imageError)}
        </Alert>
      )}
    </div>
  );
}
