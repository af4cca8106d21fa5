import { ImageDropzone } from '../../../components/image-dropzone';
import { ClubLogo } from './club-logo';

interface LogoDropzoneProps {
  clubName: string;
  value: string | null;
  onChange: (url: string | null) => void;
}

/** The club logo field: the shared image picker with the logo itself as preview. */
export function LogoDropzone({ clubName, value, onChange }: LogoDropzoneProps) {
  return (
    <ImageDropzone
      label="Logo"
      idleText="Drag a logo here"
      touchText="Choose a logo"
      clearText="Clear logo"
      value={value}
      onChange={onChange}
      preview={<ClubLogo name={clubName || 'Club'} logoUrl={value} size={72} />}
    />
  );
}
