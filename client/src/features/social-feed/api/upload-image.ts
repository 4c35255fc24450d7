import { useMutation } from '@tanstack/react-query';
import { type UploadResult } from '@shared/schema/posts';
import { api } from '@/lib/api-client';
import { type MutationConfig } from '@/lib/query-client';

/** Uploads one image (multipart, field 'file'); a post then references it by its URL. */
export const uploadImage = ({ file }: { file: File }): Promise<UploadResult> => {
  const form = new FormData();
  form.append('file', file);
  return api.upload('/uploads', form);
};

type UseUploadImageOptions = { mutationConfig?: MutationConfig<typeof uploadImage> };

export function useUploadImage({ mutationConfig }: UseUploadImageOptions = {}) {
  return useMutation({ ...mutationConfig, mutationFn: uploadImage });
}
