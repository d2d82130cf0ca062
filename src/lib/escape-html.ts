const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * Text made safe for a sink that parses HTML (ApexCharts writes legends and tooltips with
 * innerHTML): it reads as the same characters and can never become an element or an attribute.
 * Only for HTML sinks: text drawn into the SVG goes through textContent and must stay raw, or the
 * operator would read "&amp;".
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ENTITIES[char]);
}
