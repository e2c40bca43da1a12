import { useMutation } from '@tanstack/react-query';
import { type PhotoUploadResponse } from '@grail/contract';
import { submissionEndpoints } from '@/lib/api/endpoints';
import { callApi } from '@/lib/api/callApi';

/** Uploads one slab photo; the answer's id goes on the card in the submission. */
export async function uploadSubmissionPhoto(file: File): Promise<PhotoUploadResponse> {
  const body = new FormData();
  body.append('photo', file, file.name);
  return callApi(submissionEndpoints.uploadPhoto, { body });
}

export const useUploadPhoto = () => useMutation({ mutationFn: uploadSubmissionPhoto });
