const BY_MEDIA_TYPE: Record<string, string> = {
  'application/pdf': 'PDF',
  'application/msword': 'Word',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'Word',
  'application/vnd.ms-excel': 'Excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'Excel',
  'application/vnd.ms-powerpoint': 'PowerPoint',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'PowerPoint',
  'application/zip': 'ZIP',
  'text/csv': 'CSV',
  'text/plain': 'Text',
};

/**
 * A short name for a file's format ("PDF", "Word", "Excel"), from its media type, else its file
 * name's extension in capitals ("PNG"); '' when neither says.
 */
export function fileFormatOf(contentType: string, fileName: string): string {
  const mediaType = contentType.split(';', 1)[0]?.trim().toLowerCase() ?? '';
  const known = BY_MEDIA_TYPE[mediaType];
  if (known) return known;
  const extension = /\.([a-z0-9]{1,8})$/i.exec(fileName.trim())?.[1];
  return extension ? extension.toUpperCase() : '';
}
