/**
 * The editing interface's messages (spec part 2 §5 and §8), verbatim, with their placeholders
 * filled by small functions. Shared by the owner app and the server so both say the same.
 */
export const PLEASE_ENTER_VALID_EMAIL = 'Please enter a valid email';
export const emailsMustBeFormattedAs = (email: string) => `Emails must be formatted as ${email}`;
export const linksMustBeFormattedAs = (host: string, other: string) => `Links must be formatted as ${host} or ${other}`;
export const notValidPageUrl = (val: string) => `${val} is not a valid page URL`;
export const notExpectedOption = (val: string) => `${val} is not one of the expected options`;
export const A_LIST_MUST_BE_SELECTED = 'A List must be selected';
export const PLEASE_ENTER_FILE_NAME = 'Please enter a file name';
export const alreadyExists = (tagType: string) => `This ${tagType} already exists`;
export const oneAtATime = (tagType: string) => `You may only edit one ${tagType} at a time`;
export const unsupportedFileType = (fileName: string) => `The file ${fileName} does not appear to be a supported file type`;
export const fileTooLarge = (fileName: string, maxSize: string) => `The file ${fileName} is too large. The maximum allowed file size is ${maxSize}.`;

export const SOMETHING_WENT_WRONG = 'Something went wrong';
export const NETWORK_ERROR = 'Network error';
export const UNABLE_TO_LOAD_RESULTS = 'Unable to load results';
export const UNABLE_TO_LOAD_TRY_AGAIN = 'Unable to load. Try again.';
export const UNABLE_TO_LOAD_COLLECTIONS = 'Unable to load collections';
export const UNABLE_TO_LOAD_FONTS = 'Unable to load fonts';
export const unableToLoadPreview = (fontName: string) => `Unable to load preview for ${fontName}`;
export const UNABLE_TO_CONNECT = 'Unable to connect. Please try again';
export const FILE_UPLOAD_FAILED = 'File upload failed to complete';
export const FILE_PROCESSING_FAILED_TO_COMPLETE = 'File processing failed to complete';
export const FILE_PROCESSING_FAILED = 'File processing failed';
export const FILE_PROCESSING_CANCELLED = 'File processing cancelled';
export const NO_JOB_RESPONSE = 'No response data from job request';
export const RENAME_PROBLEM = 'There was a problem while renaming your file.';
export const UPLOAD_PROBLEM = 'There was a problem while uploading your file.';
export const ERROR_UPLOADING = 'Error uploading';
export const failedToLoadTimezone = (timeZone: string) => `Failed to load timezone ${timeZone}`;
export const UNABLE_TO_LOCATE_CONTENT = 'Unable to locate content';
export const CODE_EDITING_NOT_ON_ANDROID = 'Code editing is not available on Android.';

/** Part 2 §2: the link types of the link editor. */
export const LINK_TYPES = ['Page', 'Web Address', 'Email', 'Phone', 'File'] as const;
export type LinkType = (typeof LINK_TYPES)[number];
