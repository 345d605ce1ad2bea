/** The editor's sections, in the URL as ?section=…; a plain module so the server page can read it too. */
export const EDITOR_SECTIONS = ["basics", "availability", "limits", "recurring", "advanced", "seats", "hosts", "private-links", "webhooks"] as const;
export type TEditorSection = (typeof EDITOR_SECTIONS)[number];

export const isEditorSection = (value: unknown): value is TEditorSection => (EDITOR_SECTIONS as readonly unknown[]).includes(value);
