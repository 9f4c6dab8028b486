//! The one replay of a trace.

#[cfg(test)]
mod oracle;
#[cfg(test)]
mod tests;
