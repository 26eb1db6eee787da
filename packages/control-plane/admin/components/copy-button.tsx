import { useState } from 'react'
import { Button } from '@keystar/ui/button'

async function writeToClipboard (text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text)
    return true
  } catch {
    // The asynchronous clipboard needs a secure context and permission; the selection way does not.
    const field = document.createElement('textarea')
    field.value = text
    field.setAttribute('readonly', '')
    field.style.position = 'fixed'
    field.style.opacity = '0'
    document.body.append(field)
    field.select()
    const copied = document.execCommand('copy')
    field.remove()
    return copied
  }
}

/** Copies `text`, then says whether it could. */
export function CopyButton ({ text, label = 'Copy' }: { text: string, label?: string }) {
  const [outcome, setOutcome] = useState<'idle' | 'copied' | 'failed'>('idle')
  return (
    <Button
      prominence='high'
      onPress={() => void writeToClipboard(text).then(copied => setOutcome(copied ? 'copied' : 'failed'))}
    >
      {outcome === 'copied' ? 'Copied' : outcome === 'failed' ? 'Copy failed: select and copy by hand' : label}
    </Button>
  )
}
