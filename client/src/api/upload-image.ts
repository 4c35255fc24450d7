import { useMutation } from '@tanstack/react-query';
import { type UploadPurpose } from '@shared/constants';
import { type UploadResult } from '@shared/schema/posts';
import { api } from '@/lib/api-client';
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
}): Promise<UploadResult> => {
  const form = new FormData();
  form.append('purpose', purpose);
  form.append('file', file);
  return api.upload('/uploads', form);
};

type UseUploadImageOptions = { mutationConfig?: MutationConfig<typeof uploadImage> };

export function useUploadImage({ mutationConfig }: UseUploadImageOptions = {}) {
  return useMutation({ ...mutationConfig, mutationFn: uploadImage });
}
