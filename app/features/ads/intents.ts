/** The image form's intent, as its reply names it (its multipart body is streamed through unread: no field says so). */
export const IMAGE_INTENT = "upload_image";
