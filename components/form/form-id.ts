/**
 * Field ids unique per form: two forms on one page often share field names ("name", "slug"), and a label whose `for`
 * names the first form's input leaves the second one's input without an accessible name.
 */
import { createContext, useContext } from "react";

export const FormIdContext = createContext("");

export const useFieldId = (name: string) => `${useContext(FormIdContext)}field-${name.replaceAll(".", "-")}`;
