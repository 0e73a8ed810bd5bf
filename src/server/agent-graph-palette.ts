/** The colours of the agent graph (`agentGraphDot`) and of the workflows drawn inside it. */
export interface AgentGraphPalette {
  background: string;
  nodeFill: string;
  nodeFont: string;
  nodeBorder: string;
  edge: string;
  clusterBorder: string;
  clusterFont: string;
}

// Python's colours (always dark there); the light palette is this server's own.
/** adk-python's `agent_graph.py` colours. */
export const DARK_AGENT_GRAPH: AgentGraphPalette = {
  background: '#333537',
  nodeFill: '#424242',
  nodeFont: '#E8EAED',
  nodeBorder: '#5F6368',
  edge: '#757575',
  clusterBorder: '#ffffff',
  clusterFont: '#cccccc',
};
/** The light counterpart of `DARK_AGENT_GRAPH`. */
export const LIGHT_AGENT_GRAPH: AgentGraphPalette = {
  background: '#ffffff',
  nodeFill: '#F1F3F4',
  nodeFont: '#202124',
  nodeBorder: '#DADCE0',
  edge: '#9AA0A6',
  clusterBorder: '#5F6368',
  clusterFont: '#3C4043',
};

/** A highlighted node's fill: Python's gradient (the dev UI tells highlighted nodes by `HIGHLIGHT_BORDER`). */
export const HIGHLIGHT_FILL = '#1B2336:#133874';
/** A highlighted node's border colour. */
export const HIGHLIGHT_BORDER = '#133874';
/** A highlighted node's font colour. */
export const HIGHLIGHT_FONT = '#FFFFFF';
/** A highlighted edge's colour (drawn with `penwidth=2.0`). */
export const HIGHLIGHT_EDGE = '#4285F4';
