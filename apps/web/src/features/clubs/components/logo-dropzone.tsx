import { useTranslation } from 'react-i18next';
import { ImageDropzone } from '../../../components/image-dropzone';
import { ClubLogo } from './club-logo';

interface LogoDropzoneProps {
  clubName: string;
  value: string | null;
  onChange: (url: string | null) => void;
}

/** The club logo field: the shared image picker with the logo itself as preview. */
export function LogoDropzone({ clubName, value, onChange }: LogoDropzoneProps) {
  const { t } = useTranslation('clubs');
  return (
    <ImageDropzone
      label={t('logo.label')}
      idleText={t('logo.idle')}
      touchText={t('logo.touch')}
      clearText={t('logo.clear')}
      value={value}
      onChange={onChange}
      preview={<ClubLogo name={clubName || t('logo.club')} logoUrl={value} size={72} />}
    />
  );
}
