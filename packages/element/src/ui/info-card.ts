/**
 * TensorBoard's info card as a lit template: name, op, device, attributes (long values cut),
 * inputs and outputs with their shapes, and for a group what is below it. Every node name is a
 * link that selects that node.
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { NodeInfo, NodeLink } from '@tbg/hierarchy';

export interface InfoCardActions {
  /** Select (and reveal) a node by its full name. */
  select: (name: string) => void;
  close: () => void;
}

const KIND_LABEL: Record<NodeInfo['kind'], string> = {
  op: 'Operation',
  missing: 'Missing input',
  inputArg: 'Function input',
  function: 'Function',
  meta: 'Name scope',
  series: 'Series',
  constant: 'Constant',
  summary: 'Summary',
};

/** A node name that wraps after its slashes (and only mid-part when a part alone is too long). */
function breakable(name: string): TemplateResult {
  const parts = name.split('/');
  return html`${parts.map((p, i) => (i < parts.length - 1 ? html`${p}/<wbr />` : p))}`;
}

export function infoCard(info: NodeInfo | null, a: InfoCardActions): TemplateResult | typeof nothing {
  if (!info) return nothing;
  return html`<aside class="panel info" part="info-card" aria-label="Node information">
    <button class="close" title="Close" @click=${a.close}>×</button>
    <h3>${breakable(info.name)}</h3>
    <div>${KIND_LABEL[info.kind]}${info.op ? html` · <b>${info.op}</b>` : nothing}</div>
    ${info.device ? html`<div>Device: ${breakable(info.device)}</div>` : nothing} ${info.xlaCluster ? html`<div>XLA cluster: ${info.xlaCluster}</div>` : nothing}
    ${groupSection(info)} ${attributes(info)} ${links('Inputs', info.inputs, info.moreInputs, a)} ${links('Outputs', info.outputs, info.moreOutputs, a)}
    ${info.droppedInputs.length
      ? html`<div class="section">Not drawn (module objects)</div>
          ${info.droppedInputs.map((n) => html`<div>${n}</div>`)}`
      : nothing}
  </aside>`;
}

function groupSection(info: NodeInfo): TemplateResult | typeof nothing {
  const g = info.group;
  if (!g) return nothing;
  const top = g.opHistogram.slice(0, 12);
  return html`<div>Subgraph: ${count(g.cardinality, 'op')}${g.groups ? `, ${count(g.groups, 'group')}` : ''}</div>
    <div class="section">Operations</div>
    <table>
      ${top.map((e) => html`<tr><td>${e.key}</td><td class="count">${e.count}</td></tr>`)}
      ${g.opHistogram.length > top.length ? html`<tr><td colspan="2">… ${g.opHistogram.length - top.length} more op types</td></tr>` : nothing}
    </table>`;
}

function attributes(info: NodeInfo): TemplateResult | typeof nothing {
  if (info.attributes.length === 0) return nothing;
  return html`<div class="section">Attributes (${info.attributes.length})</div>
    <table>
      ${info.attributes.map((r) => html`<tr><td class="key">${r.key}</td><td title=${r.cut ? `${r.cut} more characters not shown` : ''}>${r.value}</td></tr>`)}
    </table>`;
}

function links(title: string, rows: NodeLink[], more: number, a: InfoCardActions): TemplateResult | typeof nothing {
  if (rows.length === 0) return nothing;
  return html`<div class="section">${title} (${rows.length + more})</div>
    <table>
      ${rows.map(
        (l) =>
          html`<tr>
            <td>${l.ref >= 0 || l.embedding >= 0 ? html`<a
                  href="#"
                  @click=${(e: Event) => {
                    e.preventDefault();
                    a.select(l.name);
                  }}
                  >${breakable(l.name)}</a
                >` : breakable(l.name)}${l.control ? ' (control)' : ''}</td>
            <td class="shape">${l.shape}</td>
          </tr>`,
      )}
      ${more ? html`<tr><td colspan="2">… ${more} more</td></tr>` : nothing}
    </table>`;
}

/** "1 op", "12 ops". */
function count(n: number, noun: string): string {
  return `${n.toLocaleString('en-US')} ${noun}${n === 1 ? '' : 's'}`;
}
