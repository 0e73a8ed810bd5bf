/** The dev UI's root component. */
export function App() {
  return <h1>ADK dev UI</h1>;
}
