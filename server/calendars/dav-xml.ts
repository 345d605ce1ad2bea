/**
 * Just enough XML for WebDAV/CalDAV multistatus answers: elements with namespace-resolved names
 * (`DAV:href`, `urn:ietf:params:xml:ns:caldav:calendar-data`), attributes and text. No DTDs, no external
 * entities (nothing is ever fetched or expanded beyond the five predefined entities and character refs).
 */

export type XmlElement = { name: string; attributes: Record<string, string>; children: XmlElement[]; text: string };

export const DAV = "DAV:";
export const CALDAV = "urn:ietf:params:xml:ns:caldav";

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, entity: string) => {
    if (entity[0] === "#") {
      const code = entity[1] === "x" || entity[1] === "X" ? parseInt(entity.slice(2), 16) : parseInt(entity.slice(1), 10);
      return Number.isFinite(code) ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[entity] ?? whole;
  });
}

type Frame = { element: XmlElement; namespaces: Map<string, string> };

/** Parses a document into its root element; throws on malformed nesting. */
export function parseXml(source: string): XmlElement {
  const token =
    /<!\[CDATA\[([\s\S]*?)\]\]>|<!--[\s\S]*?-->|<\?[\s\S]*?\?>|<!DOCTYPE[^>]*>|<\/([^\s>]+)\s*>|<([^\s/>]+)((?:\s+[^\s=/>]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>|([^<]+)/g;
  const root: XmlElement = { name: "#document", attributes: {}, children: [], text: "" };
  const stack: Frame[] = [{ element: root, namespaces: new Map([["xml", "http://www.w3.org/XML/1998/namespace"]]) }];
  const resolve = (qualified: string, namespaces: Map<string, string>, isAttribute: boolean) => {
    const [prefix, local] = qualified.includes(":") ? qualified.split(":", 2) : ["", qualified];
    if (isAttribute && prefix === "") return local!;
    const uri = namespaces.get(prefix!) ?? "";
    return `${uri}${local}`;
  };
  for (const match of source.matchAll(token)) {
    const top = stack.at(-1)!;
    const [, cdata, closing, opening, attributeText, selfClosing, text] = match;
    if (cdata !== undefined) top.element.text += cdata;
    else if (text !== undefined) top.element.text += decodeEntities(text);
    else if (closing !== undefined) {
      if (stack.length === 1 || !top.element.name.endsWith(closing.split(":").pop()!)) throw new Error(`Unexpected </${closing}>`);
      stack.pop();
    } else if (opening !== undefined) {
      const rawAttributes = [...(attributeText ?? "").matchAll(/([^\s=]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)].map(
        ([, name, double, single]) => [name!, decodeEntities(double ?? single ?? "")] as const,
      );
      const namespaces = new Map(top.namespaces);
      for (const [name, value] of rawAttributes) {
        if (name === "xmlns") namespaces.set("", value);
        else if (name.startsWith("xmlns:")) namespaces.set(name.slice(6), value);
      }
      const element: XmlElement = {
        name: resolve(opening, namespaces, false),
        attributes: Object.fromEntries(
          rawAttributes.filter(([name]) => name !== "xmlns" && !name.startsWith("xmlns:")).map(([name, value]) => [resolve(name, namespaces, true), value]),
        ),
        children: [],
        text: "",
      };
      top.element.children.push(element);
      if (!selfClosing) stack.push({ element, namespaces });
    }
  }
  if (stack.length !== 1) throw new Error("Unclosed element");
  const [first] = root.children;
  if (!first) throw new Error("Empty XML document");
  return first;
}

/** Direct children named `name` (namespace + local name). */
export const childrenNamed = (element: XmlElement | undefined, name: string) => element?.children.filter((child) => child.name === name) ?? [];
export const childNamed = (element: XmlElement | undefined, name: string) => element?.children.find((child) => child.name === name);

/** Descendants named `name`, depth first. */
export function findAll(element: XmlElement, name: string): XmlElement[] {
  return element.children.flatMap((child) => [...(child.name === name ? [child] : []), ...findAll(child, name)]);
}

export type DavResponse = { href: string; status: string | null; props: Map<string, XmlElement> };

/**
 * The responses of a 207 multistatus, each with the properties found (200 propstats only). `href` is
 * percent-decoded as servers are inconsistent about it; callers resolve it against the request URL.
 */
export function parseMultistatus(source: string): DavResponse[] {
  const root = parseXml(source);
  if (root.name !== `${DAV}multistatus`) throw new Error("Not a WebDAV multistatus response");
  return childrenNamed(root, `${DAV}response`).map((response) => {
    const props = new Map<string, XmlElement>();
    for (const propstat of childrenNamed(response, `${DAV}propstat`)) {
      const status = childNamed(propstat, `${DAV}status`)?.text;
      if (status !== undefined && !/\s2\d\d\s/.test(` ${status.trim()} `)) continue;
      for (const prop of childNamed(propstat, `${DAV}prop`)?.children ?? []) props.set(prop.name, prop);
    }
    return {
      href: (childNamed(response, `${DAV}href`)?.text ?? "").trim(),
      status: childNamed(response, `${DAV}status`)?.text.trim() ?? null,
      props,
    };
  });
}

export const escapeXml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
