/** Which of the saved views' dialogs is open: saving the current view, or managing the saved ones. */
export type ViewsDialog = 'save' | 'manage'
