import { useMutation } from '@tanstack/react-query';
import { uploadsContracts } from '@shared/contracts/uploads';
import { type UploadPurpose } from '@shared/constants';
import { upload } from '@/lib/api-client';
import { type MutationConfig } from '@/lib/query-client';

/**
 * Uploads one image (multipart, field 'file'), stored for its purpose: a post's image or a profile
 * picture (a square). A post or the profile then references it by its URL.
 */
export const uploadImage = ({
  file,
  purpose = 'post',
}: {
  file: File;
  purpose?: UploadPurpose;
}) => {
  const form = new FormData();
  form.append('purpose', purpose);
  form.append('file', file);
  return upload(uploadsContracts.create, form);
};

type UseUploadImageOptions = { mutationConfig?: MutationConfig<typeof uploadImage> };

export function useUploadImage({ mutationConfig }: UseUploadImageOptions = {}) {
  return useMutation({ ...mutationConfig, mutationFn: uploadImage });
}
